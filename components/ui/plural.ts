// The screens' import path for the one pluraliser; it lives in lib/ because exports, scripts and the worker's logs use it too.
export { nounFor, plural, type Noun } from '@/lib/text/plural';
