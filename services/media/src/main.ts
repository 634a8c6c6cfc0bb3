import { runService } from '@garage/service-kit';
import { mediaService } from './index.js';

await runService(mediaService);
