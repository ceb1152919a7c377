import type { FastifyReply, FastifyRequest } from "fastify";

/** A single `bytes=a-b` range (what media elements send), or null for the whole file. */
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
 * Answers a file's bytes, honouring one `Range` (206 with Content-Range; 416 for a range outside
 * the file). Media elements ask for ranges; answering them lets the player seek.
 */
export function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  contentType: string,
) {
  reply.header("content-type", contentType).header("accept-ranges", "bytes");
  const range = parseRange(request.headers.range, body.byteLength);
  if (range === "bad") {
    return reply
      .status(416)
      .header("content-range", `bytes */${body.byteLength}`)
      .header("content-type", "application/json; charset=utf-8")
      .send({ code: 416, message: "请求的音频范围无效", data: null });
  }
  if (!range) return reply.send(body);
  const [start, end] = range;
  return reply
    .status(206)
    .header("content-range", `bytes ${start}-${end}/${body.byteLength}`)
    .send(body.subarray(start, end + 1));
}
