/** Messages of the engine part. `{n}` is the n-th argument. */
export const engineMessages = {} as const;
