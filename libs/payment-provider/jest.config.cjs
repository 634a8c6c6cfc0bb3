module.exports = { ...require('../../jest.preset.cjs'), displayName: 'payment-provider' };
