import type common from './locales/ar/common.json';
import type home from './locales/ar/home.json';
import type offers from './locales/ar/offers.json';
import type about from './locales/ar/about.json';
import type auth from './locales/ar/auth.json';
import type layout from './locales/ar/layout.json';
import type admin from './locales/ar/admin.json';
import type errors from './locales/ar/errors.json';
import type validation from './locales/ar/validation.json';
import type farm from './locales/ar/farm.json';
import type subscription from './locales/ar/subscription.json';
import type services from './locales/ar/services.json';
import type marketplace from './locales/ar/marketplace.json';
import type seller from './locales/ar/seller.json';
import type manager from './locales/ar/manager.json';
import type messaging from './locales/ar/messaging.json';
import type stock from './locales/ar/stock.json';
import type network from './locales/ar/network.json';
import type alerts from './locales/ar/alerts.json';
import type organisations from './locales/ar/organisations.json';

/** Arabic is the reference locale: its keys type every `t()` call (parity with French is tested). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      offers: typeof offers;
      about: typeof about;
      auth: typeof auth;
      layout: typeof layout;
      admin: typeof admin;
      errors: typeof errors;
      validation: typeof validation;
      farm: typeof farm;
      subscription: typeof subscription;
      services: typeof services;
      marketplace: typeof marketplace;
      seller: typeof seller;
      manager: typeof manager;
      messaging: typeof messaging;
      stock: typeof stock;
      network: typeof network;
      alerts: typeof alerts;
      organisations: typeof organisations;
    };
  }
}
