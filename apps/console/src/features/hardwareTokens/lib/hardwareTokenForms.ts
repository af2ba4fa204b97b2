import { hardwareTokenImportSchema, hardwareTokenResyncSchema } from '@portiere/contracts';
import { z } from 'zod';
import { digitsText } from '../../../components/forms/formSchemas';

/** The Import form: the file's text (read in the browser) and the optional pre-shared key. */
export interface ImportValues {
  fileName: string;
  pskc: string;
  pre_shared_key: string;
}
export const emptyImport: ImportValues = { fileName: '', pskc: '', pre_shared_key: '' };

const { pre_shared_key } = hardwareTokenImportSchema.shape;
/** A file is required; the key is hex of AES-128 (spaces the vendor's letter may hold are dropped). */
export const importForm = {
  schema: z
    .object({
      pskc: z.string().refine((v) => v !== '', { params: { key: 'required' } }),
      pre_shared_key: z
        .string()
        .transform((v) => v.replace(/\s+/g, ''))
        .pipe(z.union([z.literal(''), pre_shared_key.unwrap()])),
    })
    .transform((v) => ({ pskc: v.pskc, ...(v.pre_shared_key ? { pre_shared_key: v.pre_shared_key } : {}) })),
};

export interface ResyncValues {
  code1: string;
  code2: string;
}
export const emptyResync: ResyncValues = { code1: '', code2: '' };
const { code1, code2 } = hardwareTokenResyncSchema.shape;
/** Two codes, digits only, of the token's length. */
export const resyncForm = {
  schema: z.object({ code1: digitsText(code1), code2: digitsText(code2) }),
};
