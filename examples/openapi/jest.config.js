/** @type {import('jest').Config} */
module.exports = { preset: 'ts-jest' };
