module.exports = { ...require('../../jest.preset.cjs'), displayName: 'event-bus' };
