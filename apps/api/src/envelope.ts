/** Every API reply (spec §7): the code, a message and the data. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = "success"): Envelope<T> {
  return { code: 200, message, data };
}
