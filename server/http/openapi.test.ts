import { describe, expect, it } from 'vitest';
import { operationIdOf } from './openapi.ts';

describe('operation ids', () => {
  it('reads a stable camelCase name from the method and path', () => {
    expect(operationIdOf('get', '/api/posts/')).toBe('getPosts');
    expect(operationIdOf('get', '/api/posts/{id}/')).toBe('getPostsById');
    expect(operationIdOf('post', '/api/password/reset-request/')).toBe('postPasswordResetRequest');
    expect(operationIdOf('delete', '/api/soulstory/{id}/delete/')).toBe('deleteSoulstoryById');
    expect(operationIdOf('get', '/api/admin/survey/export.csv')).toBe('getAdminSurveyExportCsv');
    expect(operationIdOf('post', '/api/create-payment-intent')).toBe('postCreatePaymentIntent');
    expect(operationIdOf('get', '/sitemap.xml')).toBe('getSitemapXml');
  });
});
