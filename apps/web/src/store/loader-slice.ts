import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type LoaderState = { loading: boolean };

const initialState: LoaderState = { loading: false };

/** SPEC.md §3 "Loader state": one flag, set while a navigation the user started is under way. */
export const loaderSlice = createSlice({
  name: 'loader',
  initialState,
  reducers: {
    setLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
  },
});

export const { setLoading } = loaderSlice.actions;
