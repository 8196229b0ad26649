// The contract: the exact list of calls exposed to the UI is pinned, and every call is documented.
import { describe, expect, it } from 'vitest'
import { contract, callNames } from '../../src/shared/contract/index'
import { handlers } from '../../src/main/core/services/index'

// Add a new call here in the same change that adds it to the contract.
const PINNED = [
  'players:search',
  'players:get',
  'players:importList',
  'players:update',
  'players:previewNational',
  'players:importNational',
  'players:duplicates',
  'players:scanDuplicates',
  'players:dismissDuplicate',
  'players:merge',
  'players:undoMerge',
  'players:merges',
  'arbiters:list',
  'arbiters:save',
  'arbiters:licenceOn',
  'files:open',
  'jobs:cancel',
  'jobs:get',
  'jobs:start',
  'audit:list',
  'archive:findPlayers',
  'archive:history',
  'archive:ratingOn',
  'archive:tournaments',
  'lists:diff',
  'lists:entries',
  'lists:list',
  'lists:calendar',
  'lists:nextDate',
  'lists:preview',
  'lists:tournaments',
  'lists:stale',
  'lists:sheet',
  'lists:sheetPdf',
  'lists:publish',
  'lists:correctPreview',
  'lists:correct',
  'lists:reconcile',
  'lists:saveExport',
  'lists:publishSite',
  'lists:top',
  'rating:calc',
  'rules:deleteProfile',
  'rules:get',
  'rules:list',
  'rules:saveProfile',
  'settings:get',
  'settings:set',
  'settings:logo',
  'settings:setLogo',
  'settings:chooseBackupDir',
  'system:home',
  'system:backups',
  'system:info',
  'system:restore',
  'system:archivePeriods',
  'system:seal',
  'system:openedReports',
  'tournaments:decideFinding',
  'tournaments:export',
  'tournaments:file',
  'tournaments:findings',
  'tournaments:get',
  'tournaments:import',
  'tournaments:list',
  'tournaments:preview',
  'tournaments:rate',
  'tournaments:resolvePlayer',
  'checks:run',
  'checks:dashboard',
  'checks:filters',
  'checks:decideRule',
  'checks:approve',
  'checks:decideTournaments',
  'checks:reject',
  'checks:reopen',
  'checks:setFacts',
  'checks:facts',
  'checks:setRatingType',
  'checks:setQcApproval',
  'checks:audit',
  'checks:report',
  'checks:arbiterTournaments'
]

describe('contract', () => {
  it('exposes exactly the pinned calls', () => {
    expect(callNames).toEqual([...PINNED].sort())
  })

  it('names every call domain:verb, documents it and marks reads and writes', () => {
    for (const name of callNames) {
      expect(name).toMatch(/^[a-z]+:[A-Za-z-]+$/)
      expect(contract[name].summary.length).toBeGreaterThan(5)
      expect(['read', 'write']).toContain(contract[name].access)
    }
  })

  it('has a handler for every call and none besides', () => {
    expect(Object.keys(handlers).sort()).toEqual([...callNames])
  })
})
