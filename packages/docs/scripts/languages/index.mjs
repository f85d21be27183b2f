// The languages of the samples, in the order readers see them.
import { curl } from './curl.mjs';
import { go } from './go.mjs';
import { java } from './java.mjs';
import { kotlin } from './kotlin.mjs';
import { python } from './python.mjs';
import { rust } from './rust.mjs';
import { typescript } from './typescript.mjs';

export const LANGUAGES = [curl, typescript, python, go, java, kotlin, rust];
