import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from './store';
import { login, logout, readStoredUser } from './user-slice';

const USER = { login: 'ada@example.com', username: 'ada', id: 7, currency: 'EUR' };

describe('userSlice', () => {
  afterEach(() => localStorage.clear());

  it('starts with no user when local storage has none', () => {
    expect(makeStore().getState().userSlice.user).toBeNull();
  });

  it('restores the user saved in local storage under "user" at start', () => {
    localStorage.setItem('user', JSON.stringify(USER));
    expect(makeStore().getState().userSlice.user).toEqual(USER);
  });

  it('starts with no user when the stored copy is not valid JSON', () => {
    localStorage.setItem('user', '{"login": "ada"');
    expect(makeStore().getState().userSlice.user).toBeNull();
  });

  it('starts with no user when the stored JSON is not an object', () => {
    localStorage.setItem('user', '"ada"');
    expect(makeStore().getState().userSlice.user).toBeNull();
    localStorage.setItem('user', 'null');
    expect(makeStore().getState().userSlice.user).toBeNull();
  });

  it('keeps the whole login payload and writes it to local storage', () => {
    const store = makeStore();
    store.dispatch(login(USER));
    expect(store.getState().userSlice.user).toEqual(USER);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(USER);
  });

  it('clears the user and removes the stored copy on logout', () => {
    const store = makeStore();
    store.dispatch(login(USER));
    store.dispatch(logout());
    expect(store.getState().userSlice.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('reads nothing where there is no storage (server rendering)', () => {
    expect(readStoredUser(undefined)).toBeNull();
  });
});
