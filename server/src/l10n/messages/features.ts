/** Messages of the features part. `{n}` is the n-th argument. */
export const featureMessages = {} as const;
