/** Messages of the json part. `{n}` is the n-th argument. */
export const jsonMessages = {} as const;
