// Every declared model, by API name. Adding a model here is all it takes to get its table, API and UI.
import type { ModelDeclaration } from '../define.js';
import { agency, agent } from './agency.js';
import { copyrightApply } from './copyright-apply.js';
import { fee } from './fee.js';
import { patent } from './patent.js';
import { patentItem } from './patent-item.js';
import { patentTask } from './patent-task.js';
import { person } from './person.js';
import { project } from './project.js';
import { scientificPaper } from './scientific-paper.js';
import { trademarks } from './trademarks.js';

export const MODEL_CATALOG: readonly ModelDeclaration[] = [
  patent,
  patentItem,
  patentTask,
  fee,
  trademarks,
  copyrightApply,
  project,
  scientificPaper,
  person,
  agency,
  agent,
];

/** Models every registry holds, because permissions (departments, accounts) and agencies rely on them. */
export const PEOPLE_MODELS: readonly ModelDeclaration[] = [person, agency, agent];
