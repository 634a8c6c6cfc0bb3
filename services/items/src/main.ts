import { runService } from '@garage/service-kit';
import { itemsService } from './index.js';

await runService(itemsService);
