/**
 * `express-represent/testing`: the shared contract suites a custom body converter or cache store runs
 * (as the built-in ones do), and helpers for testing an app built with the library.
 * @packageDocumentation
 * @module express-represent/testing
 */
export { runConverterContract, type ConverterContractOptions, type ContractSample } from '../../testing/converter-contract';
export { runCacheStoreContract, type CacheStoreContractOptions } from '../../testing/cache-store-contract';
export { testApi, type TestApi, type TestBody } from '../../testing/test-api';
export { appWith, expectProblem, type AppOptions, type ResponseLike } from '../../testing/app-helpers';
export { listen, type ListeningApp } from '../../testing/listen';
