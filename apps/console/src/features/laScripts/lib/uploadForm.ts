import { scriptUploadFormSchema } from '@portiere/contracts';

/** The upload dialog's values: the chosen file and the version as typed. */
export interface UploadFormValues {
  file: File | null;
  version: string;
}

/** The contract's upload form over the browser's File: the parsed body is what useUploadScript sends. */
export const uploadForm = { schema: scriptUploadFormSchema<File>() };

export const emptyUploadForm: UploadFormValues = { file: null, version: '' };
