import { describe, expect, it } from 'vitest';
import { isCanonicalPath } from './canonical-path';

describe('isCanonicalPath', () => {
  it.each(['/api', '/api/admin/users', '/api/templates/0b6c1e3a-7f4e-4b7e-9c1d-2f0a9e8b7c6d', '/uploads/ab12.png', '/healthz', '/api/x/auth/status/tok%20en'])(
    'accepts %s',
    (path) => expect(isCanonicalPath(path)).toBe(true),
  );

  it.each([
    '/API/admin/users',
    '/Api/templates',
    '//api/admin/users',
    '/api//admin/users',
    '/api/admin/users/',
    '/api/./admin/users',
    '/api/x/../admin/users',
    '/api%2Fadmin/users',
    '/api/admin%2fusers',
    '/api/admin%5Cusers',
    '/api\\admin\\users',
    '/%61pi/admin/users',
    '/api/%2e%2e/admin',
    '/api/admin/users%',
    '/UPLOADS/ab12.png',
    '/healthz/',
  ])('refuses %s', (path) => expect(isCanonicalPath(path)).toBe(false));
});
