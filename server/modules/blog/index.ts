import type { AppDeps } from '#server/deps.ts';
import type { Feature } from '../feature-module.ts';
import { blogRoutes } from './routes.ts';

export { adminBlogPost } from './schemas.ts';
export {
  createPost,
  getPostForAdmin,
  listAllPosts,
  publishPost,
  setCover,
  unpublishPost,
  updatePost,
} from './service.ts';

export const blogFeature = (deps: AppDeps): Feature => ({
  name: 'blog',
  routes: blogRoutes(deps),
});
