import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A single `bytes=a-b` range (what media elements send), null for the whole file, or "bad" for
 * a range the file cannot satisfy (answered 416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | null | "bad" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // Several ranges or another unit: answer with the whole file.
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return "bad";
  let start: number;
  let end: number;
  if (from === "") {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  return start > end || start >= size ? "bad" : [start, end];
}

/**
 * Sends a file's bytes honouring a Range header: 206 with Content-Range for a range, 416 with
 * the envelope for one past the end, 200 with the whole file otherwise. The caller has set the
 * Content-Type and caching headers.
 */
export function sendRanged(
  reply: FastifyReply,
  data: Buffer,
  rangeHeader: string | undefined,
  badRangeMessage: string,
) {
  reply.header("accept-ranges", "bytes");
  const range = parseRange(rangeHeader, data.byteLength);
  if (range === "bad") {
    return reply
      .status(416)
      .header("content-range", `bytes */${data.byteLength}`)
      .header("content-type", "application/json; charset=utf-8")
      .send({ code: 416, message: badRangeMessage, data: null });
  }
  if (!range) return reply.send(data);
  const [start, end] = range;
  return reply
    .status(206)
    .header("content-range", `bytes ${start}-${end}/${data.byteLength}`)
    .send(data.subarray(start, end + 1));
}

/** `sendRanged` for a request, with the Content-Type set here. */
export function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  contentType: string,
  badRangeMessage = "请求的音频范围无效",
) {
  reply.header("content-type", contentType);
  return sendRanged(reply, body, request.headers.range, badRangeMessage);
}
