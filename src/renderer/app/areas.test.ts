import { describe, expect, it } from 'vitest';
import { AREAS, INNER_ROUTES, screenTitle } from './areas';

describe('screenTitle: the window title names the screen from the route table', () => {
  it('names the home page, the areas and the inner routes, those with parameters too', () => {
    expect(screenTitle('/')).toBe('Home');
    expect(screenTitle('/admins')).toBe('Admins');
    expect(screenTitle('/videomoments')).toBe('Video Moments');
    expect(screenTitle('/change-password')).toBe('Change password');
    expect(screenTitle('/user/progress/9876543210')).toBe('User progress');
    expect(screenTitle('/directory/course-1/folder-2')).toBe('Directory');
    expect(screenTitle('/modules/m1')).toBe('Topics');
    expect(screenTitle('/topics/t1')).toBe('Videos');
    expect(screenTitle('/videos/v1')).toBe('Video');
  });

  it('names nothing for a path no route holds', () => {
    expect(screenTitle('/nowhere')).toBeNull();
    expect(screenTitle('/user/progress')).toBeNull();
  });

  it('has one title per inner route, none empty, no route twice', () => {
    const paths = [...AREAS.map((a) => a.path), ...INNER_ROUTES.map((r) => r.path)];
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of INNER_ROUTES) expect(route.title.trim()).not.toBe('');
  });
});
