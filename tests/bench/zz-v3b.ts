import { httpCreate } from './core-bench';
for (let i = 0; i < 1; i++) console.log(await httpCreate(600));
