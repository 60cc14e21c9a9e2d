import type { DomainModule } from './context.js';
import { actionsModule } from './actions/index.js';
import { groupsModule } from './groups/index.js';
import { messagingModule } from './messaging/index.js';
import { postsModule } from './posts/index.js';
import { searchModule } from './search/index.js';

/** Every domain area of the embedded service; each brings its tables, handlers and activity. */
export const DOMAIN_MODULES: readonly DomainModule[] = [actionsModule, messagingModule, postsModule, searchModule, groupsModule];
