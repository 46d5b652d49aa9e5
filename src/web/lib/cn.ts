import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './merge-classes.ts';

export const cn = (...inputs: ClassValue[]) => mergeClasses(clsx(inputs));
