/**
 * The bookmarks of a reader who is not signed in, on the device (device-reading.ts keeps them
 * with the places); loaded with the reader's panels, when a bookmark is added or opened.
 */
import {
  type DeviceBookmark,
  type KeyValue,
  readDevice,
  storage,
  writeDevice,
} from "./device-reading.ts";

export function addDeviceBookmark(
  book: string,
  mark: { position: number; offset: number; excerpt: string },
  now = new Date(),
  store: KeyValue | null = storage(),
): DeviceBookmark {
  const value = readDevice(store);
  const saved: DeviceBookmark = {
    id: `d${now.getTime().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
    ...mark,
    createdAt: now.toISOString(),
  };
  value.bookmarks[book] = [...(value.bookmarks[book] ?? []), saved].sort(
    (a, b) => a.position - b.position || a.offset - b.offset,
  );
  writeDevice(value, store);
  return saved;
}

export function removeDeviceBookmark(book: string, id: string, store: KeyValue | null = storage()) {
  const value = readDevice(store);
  value.bookmarks[book] = (value.bookmarks[book] ?? []).filter((b) => b.id !== id);
  writeDevice(value, store);
}
