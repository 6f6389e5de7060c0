import type { FeatureModule } from '../feature-module.ts';
import { blogRoutes } from './routes.ts';

export {
  createPost,
  getPostForAdmin,
  listAllPosts,
  publishPost,
  setCover,
  unpublishPost,
  updatePost,
} from './service.ts';

export const blogModule: FeatureModule = {
  name: 'blog',
  routes: blogRoutes,
};
