/** Messages of the preview features. `{n}` is the n-th argument. */
export const previewMessages = {} as const;
