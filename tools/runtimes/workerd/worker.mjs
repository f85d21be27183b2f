// The worker the runtime matrix runs in workerd, with Node.js compatibility off (workerd.mjs): the
// sandbox's engine as built (packages/sandbox/dist, the ./fetch entry's modules, unbundled) served over
// HTTP as an edge platform serves it (httpHandler), and at /__matrix/equivalence the equivalence set
// replayed in process inside workerd, compared with the node:http answers the matrix posts, after a
// check that this worker really has nothing of Node.
import { equivalenceResults, nothingOfNode } from './equivalence/compare.mjs';
import { createSandbox, httpHandler } from './sandbox/fetch.js';

// The default sandbox, as the matrix's node:http one: the client scenarios expect its credentials and data.
const serving = createSandbox().then(httpHandler);

export default {
  async fetch(request) {
    if (new URL(request.url).pathname === '/__matrix/equivalence' && request.method === 'POST') {
      const { groups, reference } = await request.json();
      return Response.json([await nothingOfNode(), ...(await equivalenceResults(createSandbox, groups, reference))]);
    }
    return (await serving)(request);
  },
};
