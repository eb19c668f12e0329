// The activation benchmark's baseline: what activating any extension costs.
'use strict';
exports.activate = function activate() {};
