import { describe, expect, it } from 'vitest';
import { authHeaders, fillPath } from './http';

describe('authHeaders', () => {
  it('sends the token the way each auth mode names', () => {
    expect(authHeaders('none', 't')).toEqual({});
    expect(authHeaders('token', 't')).toEqual({ authorization: 't' });
    expect(authHeaders('bearer', 't')).toEqual({ authorization: 'Bearer t' });
    expect(authHeaders('token+access-token', 't')).toEqual({ authorization: 't', 'access-token': 't' });
    expect(authHeaders('token+x-access-token', 't')).toEqual({ authorization: 't', 'x-access-token': 't' });
    expect(authHeaders('token', null)).toEqual({});
  });
});

describe('fillPath', () => {
  it('fills path parameters, encodes them and leaves the rest for query or body', () => {
    expect(fillPath('/get-user/{id}', { id: 'a/b c', x: 1 })).toEqual({ path: '/get-user/a%2Fb%20c', rest: { x: 1 } });
    expect(fillPath('/quotes/{id}/{quoteId}', { id: '1', quoteId: '2' })).toEqual({ path: '/quotes/1/2', rest: {} });
  });
});
