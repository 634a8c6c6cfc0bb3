module.exports = { ...require('../../jest.preset.cjs'), displayName: 'messages' };
