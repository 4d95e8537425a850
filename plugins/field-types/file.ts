import { fileAssetFieldType } from './file-asset.js';

export const fileField = fileAssetFieldType('File');
