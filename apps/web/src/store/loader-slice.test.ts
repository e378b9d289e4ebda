import { describe, expect, it } from 'vitest';
import { loaderSlice, setLoading } from './loader-slice';

describe('loader slice', () => {
  it('starts not loading and follows the flag it is given', () => {
    let state = loaderSlice.reducer(undefined, { type: 'init' });
    expect(state).toEqual({ loading: false });
    state = loaderSlice.reducer(state, setLoading(true));
    expect(state).toEqual({ loading: true });
    expect(loaderSlice.reducer(state, setLoading(false))).toEqual({ loading: false });
  });
});
