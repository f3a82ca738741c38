import type { Migration } from './index.js';

// Issue 18: the kinds productCategory and technologyCategory held a dictionary's keys; they now point at
// records of the category trees (product_category, tech_category; domains/taxonomy). The only fields that
// could hold such keys are tenants' custom fields of these kinds (nothing declared used them). For each
// such published field, every option of the dictionary it used (the one named in its definition, else the
// kind's default, a tenant list since there was no built-in one) becomes a category of the tenant, unless
// one with that key as its code exists already: the key as code, the labels as the names, the option's
// parent as the category's parent, its order as the sort order, a disabled option an invalid category. A
// stored key no option has becomes a category named after it. Each stored key (or list of keys) is then
// replaced by the category's sid, in the same place of `custom`; the definition no longer names a
// dictionary. Categories go into the tenant's root company (every sub-company's users see them). Model
// tables are created after migrations: a tree's table is made here with the columns this step writes (the
// start adds the rest and the indexes). Sids as in migration 0029 (16 hex characters of gen_random_uuid()).
export const categoryRecords: Migration = {
  id: 32,
  name: 'category-records',
  sql: `
DO $$
DECLARE
  f record;
  target text;
  dict text;
  model_table text;
BEGIN
  FOR f IN
    SELECT cf.tenant_sid, cf.model, cf.code, cf.published AS def
      FROM custom_field cf
     WHERE cf.published->>'kind' IN ('productCategory', 'technologyCategory')
  LOOP
    target := CASE f.def->>'kind' WHEN 'productCategory' THEN 'm_product_category' ELSE 'm_tech_category' END;
    dict := COALESCE(NULLIF(f.def->>'dictionary', ''),
                     CASE f.def->>'kind' WHEN 'productCategory' THEN 'product_category' ELSE 'tech_category' END);
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I (
      sid text PRIMARY KEY,
      tenant_sid text NOT NULL REFERENCES tenant(sid),
      company_sid text,
      created_at timestamptz NOT NULL,
      created_by text,
      updated_at timestamptz NOT NULL,
      updated_by text,
      version integer NOT NULL DEFAULT 1,
      custom jsonb NOT NULL DEFAULT ''{}''::jsonb
    )', target);
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS name text', target);
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS name_en text', target);
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS code text', target);
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS parent_category text', target);
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS sort_order numeric', target);
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS status text', target);

    -- The dictionary's options, then any stored key no option has.
    EXECUTE format($q$
      INSERT INTO %1$I (sid, tenant_sid, company_sid, created_at, updated_at, version, name, name_en, code, sort_order, status)
      SELECT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), o.tenant_sid,
             (SELECT c.sid FROM company c WHERE c.tenant_sid = o.tenant_sid AND c.parent_sid IS NULL ORDER BY c.created_at, c.sid LIMIT 1),
             now(), now(), 1, o.label_zh, o.label_en, o.key, o.sort_by, CASE WHEN o.disabled THEN 'invalid' ELSE 'valid' END
        FROM dictionary_option o
       WHERE o.tenant_sid = $1 AND o.dictionary = $2
         AND NOT EXISTS (SELECT 1 FROM %1$I t WHERE t.tenant_sid = o.tenant_sid AND t.code = o.key)
    $q$, target) USING f.tenant_sid, dict;
    EXECUTE format($q$
      UPDATE %1$I t SET parent_category = p.sid
        FROM dictionary_option o JOIN %1$I p ON p.tenant_sid = o.tenant_sid AND p.code = o.parent_key
       WHERE o.tenant_sid = $1 AND o.dictionary = $2 AND t.tenant_sid = o.tenant_sid AND t.code = o.key
         AND t.parent_category IS NULL AND p.sid <> t.sid
    $q$, target) USING f.tenant_sid, dict;

    model_table := 'm_' || f.model;
    IF to_regclass(model_table) IS NULL THEN CONTINUE; END IF;
    EXECUTE format($q$
      INSERT INTO %1$I (sid, tenant_sid, company_sid, created_at, updated_at, version, name, code, sort_order, status)
      SELECT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), $1,
             (SELECT c.sid FROM company c WHERE c.tenant_sid = $1 AND c.parent_sid IS NULL ORDER BY c.created_at, c.sid LIMIT 1),
             now(), now(), 1, k.key, k.key, 0, 'valid'
        FROM (SELECT DISTINCT v.key
                FROM %2$I r
                CROSS JOIN LATERAL (
                  SELECT r.custom->>$3 AS key WHERE jsonb_typeof(r.custom->$3) = 'string'
                  UNION ALL
                  SELECT e FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.custom->$3) = 'array' THEN r.custom->$3 ELSE '[]'::jsonb END) e
                ) v
               WHERE r.tenant_sid = $1 AND v.key IS NOT NULL AND v.key <> '') k
       WHERE NOT EXISTS (SELECT 1 FROM %1$I t WHERE t.tenant_sid = $1 AND t.code = k.key)
    $q$, target, model_table) USING f.tenant_sid, dict, f.code;

    -- Keys to sids, in place (a single value and a list alike), order kept.
    EXECUTE format($q$
      UPDATE %2$I r SET custom = jsonb_set(r.custom, ARRAY[$2],
        CASE jsonb_typeof(r.custom->$2)
          WHEN 'string' THEN COALESCE(to_jsonb((SELECT t.sid FROM %1$I t WHERE t.tenant_sid = $1 AND t.code = r.custom->>$2)), r.custom->$2)
          ELSE COALESCE((SELECT jsonb_agg(t.sid ORDER BY e.i)
                           FROM jsonb_array_elements_text(r.custom->$2) WITH ORDINALITY AS e(key, i)
                           JOIN %1$I t ON t.tenant_sid = $1 AND t.code = e.key), '[]'::jsonb)
        END)
       WHERE r.tenant_sid = $1 AND jsonb_typeof(r.custom->$2) IN ('string', 'array')
    $q$, target, model_table) USING f.tenant_sid, f.code;
  END LOOP;

  UPDATE custom_field SET published = published - 'dictionary'
   WHERE published->>'kind' IN ('productCategory', 'technologyCategory') AND published ? 'dictionary';
  UPDATE custom_field SET draft = draft - 'dictionary'
   WHERE draft->>'kind' IN ('productCategory', 'technologyCategory') AND draft ? 'dictionary';
END
$$;
`,
};
