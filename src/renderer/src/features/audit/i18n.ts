// Strings of the audit log screen.
export default {
  en: {
    audit: {
      title: 'Audit log',
      intro: 'Every decision, approval, publication and correction, with who made it, when and why. The log cannot be edited.',
      entity: 'Kind',
      entityId: 'Identifier',
      since: 'From',
      until: 'To',
      col: { at: 'When', actor: 'Who', action: 'What', entity: 'Concerning', reason: 'Why' },
      details: 'Details',
      raw: 'Recorded as {action} on {entity} {id}',
      empty: 'Nothing has been recorded yet.',
      emptyFiltered: 'No entry matches these filters.',
      total: '{n} entry | {n} entries'
    }
  },
  fr: {
    audit: {
      title: 'Journal d’audit',
      intro: 'Chaque décision, approbation, publication et correction, avec son auteur, sa date et sa raison. Le journal ne peut pas être modifié.',
      entity: 'Type',
      entityId: 'Identifiant',
      since: 'Du',
      until: 'Au',
      col: { at: 'Quand', actor: 'Qui', action: 'Quoi', entity: 'Objet', reason: 'Pourquoi' },
      details: 'Détails',
      raw: 'Enregistré comme {action} sur {entity} {id}',
      empty: 'Rien n’a encore été enregistré.',
      emptyFiltered: 'Aucune entrée ne correspond à ces filtres.',
      total: '{n} entrée | {n} entrées'
    }
  }
}
