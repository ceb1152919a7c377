import { z } from "zod";

// 电视版扫码登录 (decision 47): a TV shows a code as a QR code, a signed-in phone approves it,
// and the TV, asking again, is signed in.

export const tvPairingCode = z.object({
  code: z
    .string({ error: "缺少二维码" })
    .regex(/^[\w-]{43}$/, "二维码无效或已过期，请在电视上重新生成"),
});

export const tvPairingStart = z.object({ code: z.string(), expiresIn: z.number().int() });

export const tvPairingState = z.object({
  /** pending: not approved yet; expired: ask for a new code; signed-in: this browser now is. */
  state: z.enum(["pending", "expired", "signed-in"]),
});
export type TvPairingState = z.infer<typeof tvPairingState>;

export const tvPairingApproved = z.object({ approved: z.boolean() });
