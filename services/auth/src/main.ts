import { runService } from '@garage/service-kit';
import { authService } from './index.js';

await runService(authService);
