import type { ColumnType, Generated } from "kysely";

// Timestamps are ISO-8601 strings and booleans are 0/1 integers so that one schema and one set
// of queries behaves the same on SQLite and PostgreSQL.

export interface EntryTable {
  id: string;
  key: string;
  kind: string;
  name: string;
  aliases: string;
  summary: string;
  start_year: number | null;
  end_year: number | null;
  time_desc: string | null;
  regime_id: string | null;
  data: string;
  image_url: string | null;
  popularity: Generated<number>;
  view_count: Generated<number>;
  like_count: Generated<number>;
  search_names: string;
  pinyin: string;
  pinyin_initials: string;
  /** 1: a member entry (migration 0030), whose full text only VIP readers get. */
  member: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RelationTable {
  id: string;
  from_id: string;
  to_id: string;
  type: string;
  label: string;
  twoway: number;
  note: string | null;
  year: number | null;
  /** Order among the author's works (importer); 0 for relations written by hand. */
  sort_key: ColumnType<number, number | undefined, number>;
  /** Where it happened (a place entry; migration 0014). */
  place_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** One fresh sentence on the relation. */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  /** The child's birth order, for a parent → child relation (family trees). */
  birth_order: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A curated network of entries (content/networks, migration 0014). */
export interface RelationNetworkTable {
  id: string;
  key: string;
  name: string;
  summary: string;
  center_id: string;
  /** JSON array of entry ids, in the content file's order. */
  member_ids: string;
  sort_key: number;
  updated_at: string;
}

/**
 * One regime's extent over one period, for the time map (migration 0015): composed from the
 * content's territories or imported from real polygons.
 */
export interface TerritoryTable {
  id: string;
  regime_id: string;
  /** First and last year of the period, inclusive; BCE negative. */
  from_year: number;
  to_year: number;
  /** GeoJSON MultiPolygon, JSON text; outer rings clockwise (d3-geo). */
  geometry: string;
  /** Where the regime's name is written. */
  label_lng: number;
  label_lat: number;
  source: "composed" | "imported";
  note: string;
  /** The file an imported territory came from (null for composed ones). */
  imported_from: string | null;
  created_at: string;
}

/** A saved A-to-B path: the paths found, as a snapshot (migration 0014). */
export interface AbPathSaveTable {
  id: string;
  /** The account or visitor that saved it; null when saved anonymously for sharing. */
  owner_id: string | null;
  source_id: string;
  destination_id: string;
  depth: number;
  /** JSON: the paths, each node with its name and kind, each step with its label. */
  data: string;
  created_at: string;
}

/** A reader's own relation graph (/relationedit, migration 0014). */
export interface CustomGraphTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  /** JSON: the nodes (entry ids) and edges (relation ids or the reader's own labelled links). */
  data: string;
  created_at: string;
  updated_at: string;
}

export interface ArticleTable {
  id: string;
  key: string;
  section: string;
  title: string;
  abstract: string;
  content: string;
  text: string;
  cover: string | null;
  tags: string;
  view_count: Generated<number>;
  comment_num: Generated<number>;
  like_count: Generated<number>;
  published_at: string;
  created_at: string;
  updated_at: string;
}

export interface ArticleLinkTable {
  article_id: string;
  item_id: string;
  word: string;
  position: number;
}

/** A 洞察 topic (content/insights/<key>.md): a question, an essay and what it draws on. */
export interface TopicTable {
  id: string;
  key: string;
  title: string;
  question: string;
  /** The era as the topic names it (唐中后期, 晚清 …). */
  era: string;
  /** The words drawn on its sample cover. */
  cover_text: string;
  /** The essay as sanitised HTML, in-text links included. */
  essay: string;
  /** The essay's plain text. */
  text: string;
  /** The years its events span (earliest start, latest end). */
  start_year: number | null;
  end_year: number | null;
  time_desc: string | null;
  published_at: string;
  created_at: string;
  updated_at: string;
}

/** What a topic draws on, in the topic's order within each role. */
export interface TopicItemTable {
  topic_id: string;
  /** "event", "person", "entry" (regimes and places), "article", or "link" (in-text links). */
  role: string;
  /** An entry's id, or an article's for role "article". */
  item_id: string;
  position: number;
  /** The linked words of an in-text link; null for the other roles. */
  word: string | null;
}

export interface BannerTable {
  id: string;
  title: string;
  image_url: string;
  link: string;
  sort: number;
  active: number;
}

export interface LikeRecordTable {
  item_id: string;
  type: string;
  user_id: string;
  created_at: string;
}

export interface TrackingEventTable {
  id: string;
  session_id: string;
  action_type: string;
  page_name: string;
  mod_item_name: string | null;
  params: string;
  day: string;
  created_at: string;
}

export interface VisitorTable {
  id: string;
  wx_open_id: string;
  wx_union_id: string | null;
  wx_name: string | null;
  wx_avatar: string | null;
  /** The account this WeChat reader bound (migration 0010); null until they do. */
  account_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A reader's account (migration 0010, decision 18). */
export interface AccountTable {
  id: string;
  /** Mainland mobile number, 11 digits; unique when set. */
  phone: string | null;
  /** scrypt hash in the form of password-hash.ts; null for accounts without a password. */
  password_hash: string | null;
  name: string;
  avatar: string | null;
  /** The app's own user id (the `sub` of its token); unique when set. */
  app_user_id: string | null;
  /** "user" or "admin". */
  role: ColumnType<string, string | undefined, string>;
  /** 1 opens the ladders' paid levels (the learning product gate until commerce sells it). */
  learning_access: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One signed-in browser or app webview (migration 0010). */
export interface AuthSessionTable {
  /** Public id, for listing and ending sessions; never a credential. */
  id: string;
  /** SHA-256 (hex) of the token in the cookie. */
  token_hash: string;
  account_id: string | null;
  visitor_id: string | null;
  /** "browser" or "app". */
  kind: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  address: string | null;
}

/** One reader following another (migration 0011): both are accounts. */
export interface FollowTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

/** An entry or article a reader read (migration 0011), under `ownerIdOf(viewer)`. */
export interface ReadingHistoryTable {
  owner_id: string;
  /** "entry" or "article". */
  kind: string;
  item_id: string;
  first_read_at: string;
  last_read_at: string;
  read_count: ColumnType<number, number | undefined, number>;
}

/** Something a reader saved (migration 0011): an A-to-B path, a custom graph … by `kind`. */
export interface SavedItemTable {
  id: string;
  owner_id: string;
  kind: string;
  /** The saved thing's own id (unique per owner and kind). */
  ref_id: string;
  title: string;
  /** What the kind keeps, as JSON. */
  data: string;
  created_at: string;
  updated_at: string;
}

/** A community circle (圈子, migration 0012). */
export interface CircleTable {
  id: string;
  key: string;
  name: string;
  intro: string;
  sort: ColumnType<number, number | undefined, number>;
  member_count: Generated<number>;
  post_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CircleMemberTable {
  circle_id: string;
  account_id: string;
  joined_at: string;
}

/** A post in a circle (migration 0012): its body as link-only HTML and as plain text. */
export interface PostTable {
  id: string;
  circle_id: string;
  author_id: string;
  body_html: string;
  body_text: string;
  /** JSON array of upload ids. */
  images: ColumnType<string, string | undefined, string>;
  /** "visible" or "hidden". */
  status: ColumnType<string, string | undefined, string>;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  view_count: Generated<number>;
  open_reports: Generated<number>;
  last_reported_at: ColumnType<string | null, string | null | undefined, string | null>;
  sample: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface PostTopicTable {
  /** Normalised topic (NFKC, lower case). */
  topic: string;
  post_id: string;
  /** The topic as written. */
  name: string;
  created_at: string;
}

export interface PostCommentTable {
  id: string;
  post_id: string;
  author_id: string;
  body_html: string;
  body_text: string;
  created_at: string;
}

export interface PostLikeTable {
  post_id: string;
  account_id: string;
  created_at: string;
}

export interface PostViewDayTable {
  post_id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  views: ColumnType<number, number | undefined, number>;
}

export interface PostReportTable {
  id: string;
  post_id: string;
  reporter_id: string;
  reason: string;
  note: string | null;
  created_at: string;
  resolved_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PostModerationTable {
  id: string;
  post_id: string;
  moderator_id: string;
  /** "hide", "restore" or "keep". */
  action: string;
  reason: string | null;
  created_at: string;
}

/** A checked, re-encoded image in the upload storage (migration 0012). */
export interface UploadTable {
  id: string;
  owner_id: string;
  key: string;
  thumb_key: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  post_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** Views of an item on one UTC day (migration 0013), for the boards' recent activity. */
export interface ItemViewDayTable {
  /** "entry", "article" or "post". */
  kind: string;
  item_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  views: number;
}

/** A reader's short note on an entry (/words, migration 0013). */
export interface EntryNoteTable {
  id: string;
  entry_id: string;
  /** ownerIdOf(viewer): the account's id, else the WeChat visitor's. */
  owner_id: string;
  /** The text as written (trimmed), at most NOTE_MAX_CHARS characters. */
  body: string;
  /** The text as link-only HTML: escaped, with #话题# and web addresses as links. */
  html: string;
  like_count: Generated<number>;
  report_count: Generated<number>;
  /** 1 once reported by enough readers or hidden by an admin. */
  hidden: Generated<number>;
  /** 1 for the seeded sample notes. */
  sample: Generated<number>;
  created_at: string;
}

export interface EntryNoteLikeTable {
  note_id: string;
  owner_id: string;
  created_at: string;
}

export interface EntryNoteReportTable {
  note_id: string;
  owner_id: string;
  reason: string;
  created_at: string;
}

/** A topic a reader subscribed to (/subscribe, migration 0013). */
export interface SubscriptionTable {
  owner_id: string;
  topic: string;
  created_at: string;
}

/** A 企业微信 external contact bound to a reader (migration 0013). */
export interface WecomContactTable {
  external_user_id: string;
  owner_id: string;
  name: string | null;
  /** The staff member (企业成员) who added the contact. */
  staff_user_id: string | null;
  bound_at: string;
}

export interface KeyValueTable {
  key: string;
  value: string;
  expires_at: number | null;
}

// Search index tables (migration 0003-search): derived data, rebuilt by refreshSearchIndex().
// Names and text here are lower-cased copies used for matching only; `doc` numbers entries
// and articles in rank order, best first.

export interface SearchEntryTable {
  doc: number;
  entry_id: string;
  name: string;
  names: string;
  pinyin: string;
  initials: string;
  has_time: number;
  has_geo: number;
  /** The entry's search group (SEARCH_GROUPS index, migration 0008); docs run group by group. */
  grp: number;
  /** 1 written in `content/`, 0 imported (poems, classic chapters, poets of chinese-poetry). */
  curated: number;
}

/** The doc range of each search group (migration 0008), so a group filter is a range. */
export interface SearchGroupTable {
  grp: number;
  lo: number;
  hi: number;
}

export interface SearchArticleTable {
  doc: number;
  article_id: string;
  title: string;
  text: string;
}

export interface SearchTermTable {
  /** "e" all entries, "et"/"eg"/"etg" entries with years / a place / both, "a" articles. */
  scope: string;
  term: string;
  /** Entries: a SEARCH_TIER (refresh-search-index.ts). Articles: 0 title, 1 text. */
  tier: number;
  doc: number;
}

export interface SearchNameTable {
  /** A name, or the full pinyin or initials of one. */
  form: string;
  /** The exact-match SEARCH_TIER of the form: main or other name, curated or imported. */
  tier: number;
  doc: number;
  has_time: number;
  has_geo: number;
}

/** PostgreSQL only (SQLite keeps a contentless FTS5 table): a poem's or chapter's text. */
export interface SearchVerseTable {
  /** The entry's `search_entry.doc`. */
  doc: number;
  /** verseSearchText of its lines. */
  text: string;
}

/** A panorama edition (migration 0016): its title, and tagline and preface as JSON in `data`. */
export interface PanoramaEditionTable {
  key: string;
  title: string;
  data: string;
  sort_key: number;
  updated_at: string;
}

/** A panorama scene (migration 0016): content/panoramas.yaml, its record as JSON in `data`. */
export interface PanoramaSceneTable {
  id: string;
  key: string;
  /** "panorama" or "panorama2022": the route the scene belongs to. */
  edition: string;
  name: string;
  /** 1: opened only by an exchange code. */
  locked: number;
  data: string;
  sort_key: number;
  updated_at: string;
}

/** A panorama exchange code (migration 0016): only its SHA-256 is kept. */
export interface PanoramaExchangeCodeTable {
  code_hash: string;
  /** What it unlocks: `scene:<key>` or `edition:<edition>`. */
  scope: string;
  /** The admin command's run that made it. */
  batch: string;
  expires_at: string;
  created_at: string;
  /** The account that spent it; null while unspent. */
  redeemed_by: string | null;
  redeemed_at: string | null;
}

/** What an account has unlocked, one row per scope. */
export interface PanoramaUnlockTable {
  owner_id: string;
  scope: string;
  code_hash: string;
  created_at: string;
}

/** Where a reader stopped in a video (migration 0020), in whole seconds. */
export interface VideoProgressTable {
  owner_id: string;
  video_id: string;
  position_seconds: number;
  updated_at: string;
}

/** A live session (migration 0020): its channel ("wenshi" or "young") and its schedule. */
export interface LiveSessionTable {
  key: string;
  channel: string;
  title: string;
  host: string;
  summary: string;
  starts_at: string;
  ends_at: string;
  /** The sample video that is its stream and, once it has ended, its replay. */
  video_id: string;
  created_at: string;
  /** Set when the session was cancelled (migration 0038): no longer listed, reminds no one. */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A reader who asked to be reminded of a live session (migration 0020), and how far the
 * reminder got (migration 0038, decision 48).
 */
export interface LiveReminderTable {
  owner_id: string;
  session_key: string;
  created_at: string;
  /** A reminder job run's claim; its value is the claim's token. */
  claimed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the job was done with it (the reader's 已提醒). */
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** wechat: the subscription message went out; site: in-site notice only; failed: gave up. */
  outcome: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the reader dismissed or opened the in-site notice. */
  seen_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A recording a reader uploaded (migration 0020); the bytes are in object storage at `key`. */
export interface AudioUploadTable {
  id: string;
  owner_id: string;
  key: string;
  title: string;
  format: string;
  content_type: string;
  bytes: number;
  duration_ms: number;
  created_at: string;
}

/** A performer or tradition of /music/singer (migration 0018): its record as JSON in `data`. */
export interface MusicPerformerTable {
  id: string;
  key: string;
  name: string;
  data: string;
  sort_key: number;
  updated_at: string;
}

/** A piece of 中国音乐 (migration 0018): content/music.yaml, its record as JSON in `data`. */
export interface MusicPieceTable {
  id: string;
  key: string;
  title: string;
  genre: string;
  /** YYYY-MM-DD: when it joined the catalogue (the 新曲榜 ranks by it). */
  added_on: string;
  featured: number;
  data: string;
  sort_key: number;
  updated_at: string;
}

/** A playlist (歌单) of /music/list-view (migration 0018). */
export interface MusicPlaylistTable {
  id: string;
  key: string;
  title: string;
  data: string;
  sort_key: number;
  updated_at: string;
}

/** A piece's counts (migration 0018), kept apart from the content so a reseed keeps them. */
export interface MusicPieceStatTable {
  piece_id: string;
  play_count: Generated<number>;
  like_count: Generated<number>;
}

/** A book (migration 0019): content/books.yaml, author, period, intro … as JSON in `data`. */
export interface BookTable {
  key: string;
  title: string;
  data: string;
  chapter_count: number;
  read_count: ColumnType<number, number | undefined, number>;
  sort_key: number;
  updated_at: string;
}

/** A chapter of a book: its paragraphs as a JSON array of strings. */
export interface BookChapterTable {
  book_key: string;
  /** 1-based order in the book. */
  position: number;
  title: string;
  paragraphs: string;
  chars: number;
  /** The imported classic entry of this chapter, when there is one. */
  entry_id: string | null;
}

/** A theme list of books (书单): theme, blurb and book keys as JSON in `data`. */
export interface BookListTable {
  key: string;
  title: string;
  data: string;
  sort_key: number;
  updated_at: string;
}

/** The reading challenge (`challenge`) and the donation activity (`donation`) as JSON. */
export interface BookActivityTable {
  key: string;
  data: string;
  updated_at: string;
}

/** Where an account is in a book: the chapter and how far down it (0…1). */
export interface ReadingProgressTable {
  owner_id: string;
  book_key: string;
  position: number;
  offset: number;
  updated_at: string;
}

export interface BookBookmarkTable {
  id: string;
  owner_id: string;
  book_key: string;
  position: number;
  offset: number;
  excerpt: string;
  created_at: string;
}

/** An account that joined the reading challenge, and its postal address (JSON) once given. */
export interface ReadingChallengeTable {
  owner_id: string;
  joined_at: string;
  address: string | null;
  address_at: string | null;
}

/** A reading note of the challenge: text and the storage keys of its images (JSON). */
export interface ReadingNoteTable {
  id: string;
  owner_id: string;
  book_key: string | null;
  text: string;
  images: string;
  created_at: string;
}

/** A pledge to the donation activity: a book (`book`) or reading time in minutes (`time`). */
export interface DonationPledgeTable {
  id: string;
  owner_id: string;
  kind: string;
  book_key: string | null;
  minutes: number;
  created_at: string;
}

/** A knowledge point (content/learning); `data` holds its lesson, entries and articles. */
export interface LearningPointTable {
  key: string;
  id: string;
  title: string;
  era: string;
  theme: string;
  /** JSON array of grades. */
  grades: string;
  data: string;
  question_count: Generated<number>;
  sort_key: Generated<number>;
  updated_at: string;
}

/** A question of the bank; `data` holds stem, options, answer, explanation, entries, media. */
export interface LearningQuestionTable {
  key: string;
  id: string;
  point_key: string;
  era: string;
  theme: string;
  grade: string;
  type: string;
  difficulty: number;
  data: string;
  sort_key: Generated<number>;
  updated_at: string;
}

export interface LearningLadderTable {
  key: string;
  id: string;
  kind: string;
  title: string;
  /** JSON: intro, grade, level keys in order. */
  data: string;
  sort_key: Generated<number>;
  updated_at: string;
}

export interface LearningLevelTable {
  key: string;
  id: string;
  ladder_key: string;
  ladder_kind: string;
  position: number;
  title: string;
  sample: Generated<number>;
  /** JSON: intro, point keys, article refs. */
  data: string;
  updated_at: string;
}

/** One stretch of study by a reader: what every learning screen writes, the records sum. */
/** A check-in or a made-up day (migration 0026). */
export interface StudyClockinTable {
  owner_id: string;
  day: string;
  /** "checkin" | "reissue" */
  kind: string;
  created_at: string;
}

/** The reissue-card ledger: +1 grants (unique per key), -1 uses naming the day restored. */
export interface StudyCardTable {
  id: string;
  owner_id: string;
  delta: number;
  cause: string;
  unique_key: string;
  day: string | null;
  created_at: string;
}

export interface StudyReminderTable {
  id: string;
  owner_id: string;
  /** HH:MM, China time. */
  time: string;
  /** Weekday digits, 1 Monday … 7 Sunday, e.g. "12345". */
  weekdays: string;
  enabled: Generated<number>;
  created_at: string;
}

export interface StudyPlanTable {
  owner_id: string;
  levels_per_week: number;
  minutes_per_day: number;
  updated_at: string;
}

export interface StudyBindCodeTable {
  code: string;
  owner_id: string;
  /** "parent" | "teacher" */
  relation: string;
  expires_at: string;
  created_at: string;
}

export interface StudyBindingTable {
  id: string;
  guardian_id: string;
  learner_id: string;
  relation: string;
  created_at: string;
}

export interface SurveyAnswerTable {
  owner_id: string;
  survey_key: string;
  /** JSON: question key → option index, indexes, rating or text. */
  answers: string;
  created_at: string;
  updated_at: string;
}

export interface StudyMockTable {
  id: string;
  owner_id: string;
  grade: string;
  /** JSON array of question ids, in paper order. */
  question_ids: string;
  created_at: string;
  submitted_at: string | null;
  score: number | null;
  /** JSON: the marked questions. */
  result: string | null;
}

export interface LearningActivityTable {
  id: string;
  owner_id: string;
  /** Calendar day in China, YYYY-MM-DD (studyDay). */
  day: string;
  /** depthtest | aitest | ladder | practice | review | challenge | knowledgepoint | reading */
  kind: string;
  /** What was studied: a test id, level key, point key, challenge round id … */
  ref: string;
  answered: Generated<number>;
  correct: Generated<number>;
  seconds: Generated<number>;
  created_at: string;
}

/** A reader's mastery of one knowledge point: their finished practice rounds, summed. */
export interface LearningPointMasteryTable {
  owner_id: string;
  point_key: string;
  answered: Generated<number>;
  correct: Generated<number>;
  rounds: Generated<number>;
  /** The last finished round: questions and right answers. */
  last_answered: Generated<number>;
  last_correct: Generated<number>;
  updated_at: string;
}

/** A timed challenge round (migration 0025); times are the server's, epoch ms. */
export interface ChallengeRoundTable {
  id: string;
  owner_id: string;
  /** ladderchallenge | wenshichallenge | wenshianswer */
  kind: string;
  grade: string | null;
  /** China day the round started on. */
  day: string;
  /** JSON array of question ids, in the order they are shown. */
  question_ids: string;
  started_at: number;
  deadline_at: number;
  per_question_ms: number | null;
  current_index: Generated<number>;
  current_opened_at: number;
  /** open | finished */
  status: Generated<string>;
  answered: Generated<number>;
  correct: Generated<number>;
  score: Generated<number>;
  duration_ms: Generated<number>;
  finished_at: number | null;
  /** Set for a once-a-day round (kind:day:owner); unique. */
  once_key: string | null;
}

export interface ChallengeAnswerTable {
  round_id: string;
  question_id: string;
  position: number;
  /** JSON array of chosen option indexes; null when the question timed out. */
  chosen: string | null;
  correct: Generated<number>;
  timed_out: Generated<number>;
  answered_at: number;
}

/** A reward a challenge round earned: pending until claimed; once per reader, kind, period. */
export interface ChallengeRewardTable {
  id: string;
  owner_id: string;
  kind: string;
  period_key: string;
  /** vip-days | reissue-card */
  item: string;
  amount: number;
  label: string;
  score: number;
  round_id: string;
  /** pending | claimed */
  status: Generated<string>;
  created_at: string;
  claimed_at: string | null;
}

/** The database's sorted sets (rankings without Redis): one member's score under a key. */
export interface SortedSetMemberTable {
  key: string;
  member: string;
  score: number;
  expires_at: number | null;
}

/** A reader's depth test or AI test (0022-depth-tests). */
export interface DepthTestTable {
  id: string;
  owner_id: string;
  grade: string;
  /** depth | ai */
  tag: string;
  /** open | finished | expired */
  status: string;
  /** owner:grade:tag while open, NULL after: one open test per reader, grade and kind. */
  open_key: string | null;
  /** The planned number of questions. */
  length: number;
  /** JSON: the question ids served so far, in order. */
  items: string;
  started_at: string;
  deadline_at: string;
  finished_at: string | null;
  answered: Generated<number>;
  correct: Generated<number>;
  seconds: Generated<number>;
  /** The EAP ability estimate × 1000 once finished. */
  theta_milli: number | null;
  score: number | null;
  /** JSON: the finished test's report (axes, points to study next). */
  report: string | null;
}

/** One answer of a depth test, marked on the server when it is given. */
export interface DepthTestAnswerTable {
  test_id: string;
  question_id: string;
  position: number;
  /** JSON: the chosen option indexes. */
  chosen: string;
  correct: number;
  answered_at: string;
}

/** A reader's best practice of one ladder level (migration 0023). */
export interface LadderProgressTable {
  owner_id: string;
  level_key: string;
  ladder_key: string;
  best_correct: Generated<number>;
  best_total: Generated<number>;
  passed: Generated<number>;
  attempts: Generated<number>;
  /** 积分 the level has earned the reader so far (the ledger's sum for the level). */
  points: Generated<number>;
  best_at: string;
  updated_at: string;
}

/** 积分 earned: one row per gain (a better practice, the first pass). */
export interface LadderPointsTable {
  id: string;
  owner_id: string;
  level_key: string;
  ladder_key: string;
  points: number;
  /** score | pass */
  reason: string;
  day: string;
  created_at: string;
}

/** One practice session: a level's questions or due reviews, answered once. */
export interface LearningPracticeTable {
  id: string;
  owner_id: string;
  /** ladder | review */
  kind: string;
  /** The level key, or "review". */
  ref: string;
  title: string;
  /** JSON array of question ids, in the order asked. */
  question_ids: string;
  started_at: string;
  submitted_at: string | null;
  answered: Generated<number>;
  correct: Generated<number>;
}

/** One answer of a practice session. */
export interface LearningAnswerTable {
  id: string;
  owner_id: string;
  practice_id: string;
  question_id: string;
  position: number;
  /** JSON array of chosen option indexes. */
  chosen: string;
  correct: number;
  created_at: string;
}

/** The review list: a reader's FSRS card of one question they got wrong. */
export interface ReviewCardTable {
  owner_id: string;
  question_id: string;
  /** Where it was first got wrong: ladder, depthtest, challenge … */
  source: string;
  /** JSON of the ts-fsrs card. */
  card: string;
  /** When it is next due (ISO), copied out of the card for the due query. */
  due: string;
  wrong_count: Generated<number>;
  right_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A product of the store (migration 0027, content/commerce/products.yaml). */
export interface ProductTable {
  key: string;
  id: string;
  /** vip, course, card or goods (domain/commerce PRODUCT_KINDS). */
  kind: string;
  title: string;
  list_price_fen: number;
  /** JSON of the product's content record (subtitle, months, scope, uses …). */
  data: string;
  /** Units left (goods); null when never out of stock. */
  stock: number | null;
  on_sale: Generated<number>;
  sort_key: Generated<number>;
  updated_at: string;
}

/** A coupon definition readers claim (migration 0028, decision 36). */
export interface CouponCampaignTable {
  id: string;
  key: string;
  title: string;
  /** "amount" (amount_fen off) or "percent" (percent_off % off, at most cap_fen). */
  kind: string;
  amount_fen: number | null;
  percent_off: number | null;
  cap_fen: number | null;
  min_spend_fen: Generated<number>;
  /** JSON array of product keys and kinds ("vip.year", "kind:course"); [] for every product. */
  products: string;
  /** When it can be claimed. */
  starts_at: string;
  ends_at: string;
  /** A claimed coupon lasts this many days; null: until ends_at. */
  valid_days: number | null;
  per_user_limit: Generated<number>;
  /** How many can be claimed in all; null: no limit. */
  total: number | null;
  claimed: Generated<number>;
  /** "admin", "content" (promotions.yaml) or "draw" (prizes only, not claimable). */
  source: Generated<string>;
  created_at: string;
}

/** One reader's coupon: available, locked (to order_num) or used. */
export interface CouponGrantTable {
  id: string;
  campaign_id: string;
  account_id: string;
  state: string;
  order_num: string | null;
  claimed_at: string;
  starts_at: string;
  expires_at: string;
  used_at: string | null;
  /** "claim" or "draw". */
  origin: Generated<string>;
}

export interface CouponClaimTallyTable {
  campaign_id: string;
  account_id: string;
  count: Generated<number>;
}

/** A time-limited price of one product. */
export interface DiscountTable {
  id: string;
  key: string;
  title: string;
  /** 1 or 2: shown on /sales/1 or /sales/2; null: on neither. */
  theme: number | null;
  product_key: string;
  price_fen: number;
  starts_at: string;
  ends_at: string;
  sort_key: Generated<number>;
  created_at: string;
}

export interface DrawSaleTable {
  key: string;
  title: string;
  daily_limit: number;
  /** JSON of the prizes with their weights. */
  prizes: string;
  starts_at: string;
  ends_at: string;
  created_at: string;
}

export interface DrawDayTable {
  sale_key: string;
  account_id: string;
  /** China date, YYYY-MM-DD. */
  day: string;
  count: Generated<number>;
}

export interface DrawRecordTable {
  id: string;
  sale_key: string;
  account_id: string;
  day: string;
  /** The random number drawn (0 ≤ roll < roll_of) and the weights' sum it was drawn from. */
  roll: number;
  roll_of: number;
  prize_key: string;
  prize_title: string;
  coupon_grant_id: string | null;
  order_num: string | null;
  created_at: string;
}

/** An exchange code of the store: only its SHA-256 is kept. */
export interface ExchangeCodeTable {
  code_hash: string;
  product_key: string;
  batch: string;
  expires_at: string;
  created_at: string;
  redeemed_by: string | null;
  redeemed_at: string | null;
  order_num: string | null;
}

/** A reader's shared gift (/sharegetgift). */
export interface GiftTable {
  id: string;
  giver_id: string;
  product_key: string;
  total: number;
  claimed: Generated<number>;
  created_at: string;
  expires_at: string;
}

export interface GiftClaimTable {
  gift_id: string;
  account_id: string;
  order_num: string;
  created_at: string;
}

/** An order of the store (migration 0027, decision 33); amounts in fen. */
export interface OrdersTable {
  order_num: string;
  account_id: string;
  product_key: string;
  quantity: number;
  list_fen: number;
  discount_fen: number;
  coupon_fen: number;
  pay_fen: number;
  coupon_grant_id: string | null;
  discount_id: string | null;
  method: string | null;
  channel: string | null;
  /** created | paying | paid | fulfilled | closed | refunding | refunded (domain ORDER_STATES). */
  state: string;
  auto_renew: ColumnType<number, number | undefined, number>;
  /** JSON of the shipping address (goods). */
  address: string | null;
  return_path: string | null;
  client_ip: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  fulfilled_at: string | null;
  channel_trade_no: string | null;
  /** What the channel says was paid (the ledger's payment). */
  paid_fen: ColumnType<number, number | undefined, number>;
  refunded_fen: ColumnType<number, number | undefined, number>;
  /** What fulfilment gave, in Chinese. */
  granted: string | null;
  /** exchange | gift | draw | reward for a complimentary order; null for a sale. */
  source: string | null;
  source_ref: string | null;
}

export interface OrderEventTable {
  id: string;
  order_num: string;
  from_state: string | null;
  to_state: string;
  cause: string;
  at: string;
}

export interface PaymentNotificationTable {
  id: string;
  channel: string;
  notification_id: string | null;
  order_num: string | null;
  kind: string | null;
  /** accepted | duplicate | refused */
  verdict: string;
  detail: string | null;
  /** SHA-256 of the raw body. */
  raw_digest: string;
  received_at: string;
}

export interface EntitlementTable {
  id: string;
  account_id: string;
  /** vip | course | card */
  kind: string;
  /** "vip", a course scope, or the card's use. */
  scope: string;
  starts_at: string;
  /** VIP: the end of the period; null for what does not expire. */
  ends_at: string | null;
  order_num: string | null;
  /** order:<orderNum> or reward:<id>: one grant per key. */
  grant_key: string;
  quantity: ColumnType<number, number | undefined, number>;
  revoked_at: string | null;
  created_at: string;
}

export interface LedgerEntryTable {
  id: string;
  order_num: string;
  /** payment | refund | grant */
  kind: string;
  ref: string;
  amount_fen: number;
  channel: string | null;
  at: string;
}

export interface RefundTable {
  refund_num: string;
  order_num: string;
  amount_fen: number;
  /** processing | success | failed */
  state: string;
  reason: string;
  channel_refund_no: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface OrderOutboxTable {
  id: string;
  order_num: string;
  /** fulfil */
  task: string;
  /** pending | done */
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
}

export interface ReconciliationReportTable {
  id: string;
  day: string;
  channel: string;
  matched: number;
  /** JSON array of the differences. */
  differences: string;
  created_at: string;
}

/** A store notice that goes out once, e.g. one VIP expiry reminder per period (migration 0029). */
export interface StoreNoticeTable {
  key: string;
  owner_id: string;
  kind: string;
  created_at: string;
}

/** A seasonal activity of the campaign engine (migration 0031, decision 39). */
export interface CampaignTable {
  key: string;
  title: string;
  /** One of CAMPAIGN_KINDS. */
  kind: string;
  /** The page that runs it, e.g. /divination. */
  path: string;
  summary: string;
  /** JSON string[]: the rules text, one paragraph each. */
  rules: string;
  preview_at: string | null;
  starts_at: string;
  ends_at: string;
  closed_at: string | null;
  /** JSON CampaignLimits. */
  limits: string;
  /** JSON CampaignReward[]. */
  rewards: string;
  /** JSON CampaignShare. */
  share: string;
  /** "content" (seeding may move the schedule) or "admin" (kept as the admin set it). */
  schedule_source: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}

/** One participation in a campaign (migration 0031). */
export interface CampaignActionTable {
  id: string;
  campaign_key: string;
  owner_id: string;
  device_id: string | null;
  /** China day (YYYY-MM-DD). */
  day: string;
  kind: string;
  subject: string | null;
  /** JSON, the activity's own. */
  payload: string | null;
  created_at: string;
}

/** Slots used per reader or device per period (migration 0031). */
export interface CampaignQuotaTable {
  campaign_key: string;
  /** "day", "reader" or "device". */
  scope: string;
  who: string;
  /** The China day for "day", "all" otherwise. */
  period: string;
  used: ColumnType<number, number | undefined, number>;
}

/** A reward given, one row per identity of the reader (migration 0031). */
export interface CampaignGrantTable {
  id: string;
  /** Shared by the rows of one grant. */
  grant_id: string;
  campaign_key: string;
  reward_key: string;
  /** account:<id>, phone:<number>, wx:<unionid> or visitor:<id>. */
  identity: string;
  owner_id: string;
  item: string;
  amount: number;
  label: string;
  granted_at: string;
}

/** Who brought whom into a campaign (migration 0031). */
export interface CampaignInviteTable {
  campaign_key: string;
  invitee_id: string;
  inviter_id: string;
  created_at: string;
  /** When the friend signed in and read something; null until then. */
  valid_at: string | null;
}

/** A live count (votes, likes) of a campaign (migration 0031). */
export interface CampaignTallyTable {
  campaign_key: string;
  subject: string;
  count: ColumnType<number, number | undefined, number>;
}

/** One vote of a reader for a candidate on a China day (migration 0036, decision 45). */
export interface VoteBallotTable {
  campaign_key: string;
  owner_id: string;
  candidate: string;
  day: string;
  action_id: string;
  created_at: string;
}

/** A reader's score in a campaign's ranking (migration 0031). */
export interface CampaignScoreTable {
  campaign_key: string;
  owner_id: string;
  score: number;
  /** JSON, what the score was made of (e.g. correct answers and seconds). */
  detail: string | null;
  updated_at: string;
}

/** A share a reader made (migration 0031). */
export interface CampaignShareTable {
  id: string;
  campaign_key: string;
  owner_id: string | null;
  link: string;
  created_at: string;
}

/** A reader's work submitted to a campaign (migration 0037, decision 46). */
export interface CampaignWorkTable {
  id: string;
  campaign_key: string;
  author_id: string;
  title: string;
  body: string;
  image_count: number;
  /** "pending", "approved" or "rejected". */
  status: string;
  reason: string | null;
  moderated_by: string | null;
  moderated_at: string | null;
  /** When the work reached its like count. */
  liked_at: string | null;
  /** China day of the submission. */
  day: string;
  created_at: string;
}

/** An image uploaded for a campaign work (migration 0037). */
export interface CampaignWorkImageTable {
  id: string;
  owner_id: string;
  work_id: string | null;
  position: number;
  key: string;
  thumb_key: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

/** One reader's like of a work (migration 0037). */
export interface CampaignWorkLikeTable {
  work_id: string;
  owner_id: string;
  campaign_key: string;
  /** China day of the like. */
  day: string;
  created_at: string;
}

/** A prize given by place when a work campaign ended (migration 0037). */
export interface CampaignWorkAwardTable {
  campaign_key: string;
  place: number;
  work_id: string;
  owner_id: string;
  reward_key: string;
  likes: number;
  /** 1 once the engine gave the reward (0: the author already had it). */
  granted: number;
  awarded_at: string;
}

/** One acceptance of one version of an agreement (migration 0032, decision 40). */
export interface AgreementAcceptanceTable {
  id: string;
  owner_id: string;
  /** The registry's key (domain/agreements). */
  agreement: string;
  version: string;
  accepted_at: string;
  /** login | register | bind | checkout | update */
  context: string;
  /** What it was part of: the order number at checkout; null otherwise. */
  detail: string | null;
}

/** A greeting card a reader made (migration 0033, decision 42). */
export interface GreetingCardTable {
  id: string;
  owner_id: string;
  /** A key of GREETING_CARD_TYPES (春节, 中秋 …). */
  card_type: string;
  /** The wording it started from (content/campaigns/greetingcard/wordings.yaml). */
  word_type: string;
  to_name: string;
  from_name: string;
  message: string;
  /** The card this one answers. */
  reply_to: string | null;
  created_at: string;
}

export interface Database {
  entry: EntryTable;
  relation: RelationTable;
  relation_network: RelationNetworkTable;
  territory: TerritoryTable;
  ab_path_save: AbPathSaveTable;
  custom_graph: CustomGraphTable;
  article: ArticleTable;
  article_link: ArticleLinkTable;
  topic: TopicTable;
  topic_item: TopicItemTable;
  banner: BannerTable;
  like_record: LikeRecordTable;
  tracking_event: TrackingEventTable;
  key_value: KeyValueTable;
  item_view_day: ItemViewDayTable;
  entry_note: EntryNoteTable;
  entry_note_like: EntryNoteLikeTable;
  entry_note_report: EntryNoteReportTable;
  subscription: SubscriptionTable;
  wecom_contact: WecomContactTable;
  visitor: VisitorTable;
  account: AccountTable;
  auth_session: AuthSessionTable;
  follow: FollowTable;
  reading_history: ReadingHistoryTable;
  saved_item: SavedItemTable;
  circle: CircleTable;
  circle_member: CircleMemberTable;
  post: PostTable;
  post_topic: PostTopicTable;
  post_comment: PostCommentTable;
  post_like: PostLikeTable;
  post_view_day: PostViewDayTable;
  post_report: PostReportTable;
  post_moderation: PostModerationTable;
  upload: UploadTable;
  search_entry: SearchEntryTable;
  search_group: SearchGroupTable;
  search_article: SearchArticleTable;
  search_term: SearchTermTable;
  search_name: SearchNameTable;
  search_verse: SearchVerseTable;
  panorama_edition: PanoramaEditionTable;
  panorama_scene: PanoramaSceneTable;
  panorama_exchange_code: PanoramaExchangeCodeTable;
  panorama_unlock: PanoramaUnlockTable;
  video_progress: VideoProgressTable;
  live_session: LiveSessionTable;
  live_reminder: LiveReminderTable;
  audio_upload: AudioUploadTable;
  music_performer: MusicPerformerTable;
  music_piece: MusicPieceTable;
  learning_point: LearningPointTable;
  learning_question: LearningQuestionTable;
  learning_ladder: LearningLadderTable;
  learning_level: LearningLevelTable;
  learning_activity: LearningActivityTable;
  learning_point_mastery: LearningPointMasteryTable;
  challenge_round: ChallengeRoundTable;
  challenge_answer: ChallengeAnswerTable;
  challenge_reward: ChallengeRewardTable;
  sorted_set_member: SortedSetMemberTable;
  study_clockin: StudyClockinTable;
  study_card: StudyCardTable;
  study_reminder: StudyReminderTable;
  study_plan: StudyPlanTable;
  study_bind_code: StudyBindCodeTable;
  study_binding: StudyBindingTable;
  survey_answer: SurveyAnswerTable;
  study_mock: StudyMockTable;
  depth_test: DepthTestTable;
  depth_test_answer: DepthTestAnswerTable;
  ladder_progress: LadderProgressTable;
  ladder_points: LadderPointsTable;
  learning_practice: LearningPracticeTable;
  learning_answer: LearningAnswerTable;
  review_card: ReviewCardTable;
  music_playlist: MusicPlaylistTable;
  music_piece_stat: MusicPieceStatTable;
  book: BookTable;
  book_chapter: BookChapterTable;
  book_list: BookListTable;
  book_activity: BookActivityTable;
  reading_progress: ReadingProgressTable;
  book_bookmark: BookBookmarkTable;
  reading_challenge: ReadingChallengeTable;
  reading_note: ReadingNoteTable;
  donation_pledge: DonationPledgeTable;
  product: ProductTable;
  coupon_campaign: CouponCampaignTable;
  coupon_grant: CouponGrantTable;
  coupon_claim_tally: CouponClaimTallyTable;
  discount: DiscountTable;
  draw_sale: DrawSaleTable;
  draw_day: DrawDayTable;
  draw_record: DrawRecordTable;
  exchange_code: ExchangeCodeTable;
  gift: GiftTable;
  gift_claim: GiftClaimTable;
  orders: OrdersTable;
  order_event: OrderEventTable;
  payment_notification: PaymentNotificationTable;
  entitlement: EntitlementTable;
  ledger_entry: LedgerEntryTable;
  refund: RefundTable;
  order_outbox: OrderOutboxTable;
  reconciliation_report: ReconciliationReportTable;
  store_notice: StoreNoticeTable;
  campaign: CampaignTable;
  campaign_action: CampaignActionTable;
  campaign_quota: CampaignQuotaTable;
  campaign_grant: CampaignGrantTable;
  campaign_invite: CampaignInviteTable;
  campaign_tally: CampaignTallyTable;
  campaign_score: CampaignScoreTable;
  campaign_share: CampaignShareTable;
  vote_ballot: VoteBallotTable;
  quiz_round: QuizRoundTable;
  quiz_answer: QuizAnswerTable;
  campaign_work: CampaignWorkTable;
  campaign_work_image: CampaignWorkImageTable;
  campaign_work_like: CampaignWorkLikeTable;
  campaign_work_award: CampaignWorkAwardTable;
  agreement_acceptance: AgreementAcceptanceTable;
  greeting_card: GreetingCardTable;
}

/** A timed round of a quiz campaign (decision 44); times are epoch milliseconds. */
export interface QuizRoundTable {
  id: string;
  campaign_key: string;
  owner_id: string;
  /** The engine's participation (campaign_action) that opened it. */
  action_id: string;
  /** China day the round started on. */
  day: string;
  /** JSON array of question ids, in the order they are shown. */
  question_ids: string;
  started_at: number;
  deadline_at: number;
  per_question_ms: number;
  current_index: Generated<number>;
  /** When the question now due was shown; 0 while it waits for the reader (after an answer). */
  current_opened_at: number;
  /** open | finished */
  status: Generated<string>;
  answered: Generated<number>;
  correct: Generated<number>;
  score: Generated<number>;
  duration_ms: Generated<number>;
  finished_at: number | null;
}

/** One answer of a quiz round, marked on the server; one per round and question. */
export interface QuizAnswerTable {
  round_id: string;
  question_id: string;
  position: number;
  /** JSON array of chosen option indexes; null when the question timed out. */
  chosen: string | null;
  correct: Generated<number>;
  timed_out: Generated<number>;
  /** When the question was shown. */
  opened_at: number;
  answered_at: number;
}
