// The shape of a built-in option list (a data dictionary seed), shared by the platform's lists and the
// domains' (a leaf module: manifests import it without importing the catalogue).
import type { Label } from './define.js';

export interface DictionaryOption {
  key: string;
  label: Label;
}

export interface Dictionary {
  name: string;
  label: Label;
  options: DictionaryOption[];
}

export const option = (key: string, zh: string, en: string): DictionaryOption => ({ key, label: { zh, en } });
