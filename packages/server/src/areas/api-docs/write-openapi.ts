import { writeFileSync } from 'node:fs';
import { OPENAPI_FILE, openApiText } from './openapi';

// `npm run openapi`: writes docs/api/openapi.json from the call table.
writeFileSync(OPENAPI_FILE, openApiText());
console.info(`wrote ${OPENAPI_FILE}`);
