// The portfolio beyond patents in core: trademarks (with their renewal deadlines, docketed by the platform),
// copyrights, projects and papers. Generic models only (no hooks, routes or tabs of their own yet): their
// menus, grants and option lists.
import { copyrightApply } from '../../models/catalog/copyright-apply.js';
import { project } from '../../models/catalog/project.js';
import { scientificPaper } from '../../models/catalog/scientific-paper.js';
import { trademarks } from '../../models/catalog/trademarks.js';
import { trademarkDeadline } from './trademark-renewal.js';
import { actionResourceCode } from '../../models/lifecycle.js';
import { grantsOn, MODEL_ACTIONS } from '../../rbac/model-actions.js';
import { domainMessages, modelMenu, type CoreDomain } from '../types.js';
import { PORTFOLIO_DICTIONARIES } from './dictionaries.js';

const MODELS = [trademarks, trademarkDeadline, copyrightApply, project, scientificPaper];
const NAMES = MODELS.map((m) => m.name);
const paperActions = (names: readonly string[]) => names.map((name) => actionResourceCode(scientificPaper.name, name));
/** A trademark deadline's complete and reopen. */
const deadlineActions = Object.keys(trademarkDeadline.lifecycle!.actions).map((name) =>
  actionResourceCode(trademarkDeadline.name, name),
);

export const portfolioDomain = {
  name: 'portfolio',
  models: MODELS,
  dictionaries: PORTFOLIO_DICTIONARIES,
  menus: [
    { ...modelMenu('trademarks', '商标', 'Trademarks', 'trademark'), sort: 50 },
    { ...modelMenu('copyright_apply', '版权', 'Copyrights', 'copyright'), sort: 60 },
    { ...modelMenu('project', '项目', 'Projects', 'project'), sort: 70 },
    { ...modelMenu('scientific_paper', '论文', 'Papers', 'paper'), sort: 80 },
  ],
  resources: [],
  grants: {
    // The IP office runs every paper action, scoring included; authors move their own papers up to reporting.
    ip_specialist: [
      ...grantsOn(NAMES, MODEL_ACTIONS),
      ...paperActions(Object.keys(scientificPaper.lifecycle!.actions)),
      ...deadlineActions,
    ],
    department_lead: grantsOn(NAMES, ['view', 'export']),
    inventor: [
      ...grantsOn(['project', 'scientific_paper'], ['view', 'create', 'update']),
      ...paperActions(['submit', 'redraft', 'report', 'abandon']),
    ],
    agency_agent: grantsOn(['trademarks', 'copyright_apply'], ['view', 'update']),
  },
  errors: { ranges: [], codes: {} },
  messages: domainMessages({}, {}),
} satisfies CoreDomain;
