/**
 * Where uploaded files live (issue 16): one interface, so that the local disk of the sample
 * deployment can give way to an object store by configuration (`UPLOAD_STORAGE`) without a
 * change to the services that store and serve files. Keys are opaque paths made by the server
 * (`community/<id>.jpg`), never a reader's file name.
 */
export interface StoredObject {
  data: Buffer;
  contentType: string;
}

export interface ObjectStorage {
  /** "local", or the name of another backend. */
  readonly kind: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
}

/** Lower-case letters, digits, `-`, `_` and `.` in `/`-separated parts; no part is `.` or `..`. */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[a-z0-9_][a-z0-9_.-]*(?:\/[a-z0-9_][a-z0-9_.-]*)*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
