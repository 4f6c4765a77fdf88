/** Messages of the editing features. `{n}` is the n-th argument. */
export const editingMessages = {} as const;
