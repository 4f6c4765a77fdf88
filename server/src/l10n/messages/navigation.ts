/** Messages of the navigation features. `{n}` is the n-th argument. */
export const navigationMessages = {} as const;
