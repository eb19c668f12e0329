// Activated first in each window of the activation benchmark: it pays for the extension host's
// first activation, so that neither measured extension does.
'use strict';
exports.activate = function activate() {};
