// @ts-check
/**
 * A jest reporter that prints, after the run, how long each project (jest.config.ts: quick,
 * servers, package, slow) took: from its first test file's start to its last one's end (the projects run
 * side by side, so these overlap), the time its files took added up, and its files and tests; then
 * the ten slowest test files. CommonJS and plain JavaScript: jest loads reporters without
 * transforming them.
 */
class ProjectTimesReporter {
  constructor() {
    /** @type {Map<string, { files: number, tests: number, start: number, end: number, total: number }>} */
    this.projects = new Map();
    /** @type {{ path: string, project: string, ms: number }[]} */
    this.files = [];
  }

  /**
   * @param {{ context: { config: { displayName?: { name: string }, rootDir: string } } }} test
   * @param {{ perfStats: { start: number, end: number }, numPassingTests: number, numFailingTests: number, numPendingTests: number, numTodoTests: number, testFilePath: string }} result
   */
  onTestResult(test, result) {
    const name = test.context.config.displayName?.name ?? 'tests';
    const { start, end } = result.perfStats;
    const ms = end - start;
    const project = this.projects.get(name) ?? { files: 0, tests: 0, start, end, total: 0 };
    project.files += 1;
    project.tests += result.numPassingTests + result.numFailingTests + result.numPendingTests + result.numTodoTests;
    project.start = Math.min(project.start, start);
    project.end = Math.max(project.end, end);
    project.total += ms;
    this.projects.set(name, project);
    this.files.push({ path: result.testFilePath.slice(test.context.config.rootDir.length + 1), project: name, ms });
  }

  onRunComplete() {
    if (this.projects.size === 0) return;
    const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
    const lines = ['', 'Time by project (wall clock from its first file to its last; files added up):'];
    for (const [name, project] of [...this.projects].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`  ${name.padEnd(8)} ${seconds(project.end - project.start)} wall ${seconds(project.total)} in files, ${project.files} files, ${project.tests} tests`);
    }
    lines.push('Slowest test files:');
    for (const file of this.files.sort((a, b) => b.ms - a.ms).slice(0, 10)) lines.push(`  ${seconds(file.ms)}  ${file.project.padEnd(8)} ${file.path}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

module.exports = ProjectTimesReporter;
