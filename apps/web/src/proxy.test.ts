// @vitest-environment node
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from './proxy';

function visit(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));
}

const location = (response: Response) => response.headers.get('location');

describe('proxy', () => {
  it('sends / to the default locale when nothing says otherwise', () => {
    const response = visit('/');
    expect(response.status).toBe(307);
    expect(location(response)).toBe('http://localhost:3000/en');
  });

  it('sends / to the best Accept-Language locale', () => {
    expect(location(visit('/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' }))).toBe('http://localhost:3000/de');
    expect(location(visit('/', { 'accept-language': 'fr-FR,pt;q=0.8' }))).toBe('http://localhost:3000/pt');
  });

  it('prefers the NEXT_LOCALE cookie over Accept-Language', () => {
    const response = visit('/', { 'accept-language': 'de', cookie: 'NEXT_LOCALE=ru' });
    expect(location(response)).toBe('http://localhost:3000/ru');
  });

  it('keeps the rest of the path and the query', () => {
    const response = visit('/category/slots?sort=new&page=2', { 'accept-language': 'es' });
    expect(location(response)).toBe('http://localhost:3000/es/category/slots?sort=new&page=2');
  });

  it('lets a path with a locale through', () => {
    const response = visit('/de/category/slots', { 'accept-language': 'de' });
    expect(location(response)).toBeNull();
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });

  it('remembers a locale chosen against Accept-Language in the cookie', () => {
    const response = visit('/ru', { 'accept-language': 'de' });
    expect(response.headers.get('set-cookie')).toMatch(/NEXT_LOCALE=ru/);
  });

  it('leaves the api, Next assets and files alone', () => {
    const matcher = new RegExp(`^${config.matcher[0]}$`);
    expect(matcher.test('/')).toBe(true);
    expect(matcher.test('/category/slots')).toBe(true);
    expect(matcher.test('/spa/health')).toBe(false);
    expect(matcher.test('/_next/static/chunk.js')).toBe(false);
    expect(matcher.test('/robots.txt')).toBe(false);
    expect(matcher.test('/manifest.webmanifest')).toBe(false);
    expect(matcher.test('/originals-host/en')).toBe(false);
  });
});
