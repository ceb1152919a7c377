/** Where the player is with its item. */
export type AudioStatus = "idle" | "loading" | "preparing" | "playing" | "paused" | "error";
