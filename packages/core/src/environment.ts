// Deployment environments of spec §9: ci, qa, sit (hotfix maps to sit), prod; development is ci.
export const ENVIRONMENTS = ['ci', 'qa', 'sit', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const ALIASES: Record<string, Environment> = {
  ci: 'ci',
  dev: 'ci',
  development: 'ci',
  qa: 'qa',
  sit: 'sit',
  hotfix: 'sit',
  prod: 'prod',
  production: 'prod',
};

/** Resolves a configured name; unset means development, which is ci. Unknown names give undefined. */
export function resolveEnvironment(name: string | undefined): Environment | undefined {
  if (name === undefined || name.trim() === '') return 'ci';
  return ALIASES[name.trim().toLowerCase()];
}
