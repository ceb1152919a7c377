/** Bits of the graph index's per-slot word (decision 20): edge number << 2 | these. */
export const REVERSED = 1;
export const DUPLICATE = 2;
/** Bit of the per-edge flags. */
export const TWOWAY = 1;
/** Int16 cannot hold every year; a year outside it is kept as unknown (none is, in the corpus). */
export const NO_YEAR = -32768;
