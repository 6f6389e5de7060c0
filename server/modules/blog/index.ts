import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { blogRoutes } from './routes.ts';
import type { BlogService } from './service.ts';

export { adminBlogPost } from './schemas.ts';
export { type BlogService, createBlogService } from './service.ts';

export const blogFeature = (deps: AppDeps, service: BlogService): Feature => ({
  name: 'blog',
  routes: blogRoutes(deps, service),
});
