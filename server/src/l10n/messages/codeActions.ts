/** Messages of the codeActions features. `{n}` is the n-th argument. */
export const codeActionMessages = {} as const;
