import { fileAssetFieldType } from './file-asset.js';

export const imageField = fileAssetFieldType('Image');
